import type { Linter } from 'eslint';

export declare const boundaryConfigs: Linter.Config[];

import type { Linter } from 'eslint';

export declare const CLOCK_READS: { selector: string; message: string }[];
export declare const clockConfigs: Linter.Config[];

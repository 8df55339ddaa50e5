import type { Linter } from 'eslint';

export declare const boundaryConfigs: Linter.Config[];
export declare const SPA_TEST_FILES: string[];
export declare const NO_SERVER_IN_SPA: { selector: string; message: string };

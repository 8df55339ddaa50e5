/**
 * Every Vitest file: Testing Library's `waitFor` / `findBy*` wait up to 5 s, not 1 s. Tests that
 * answer from the in-process simulator took 2.3 s on a loaded two-core machine (a whole `npm
 * test` beside other work); a slow answer is not a failure, only a wrong one is.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });

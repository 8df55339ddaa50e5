import type { Catalog } from './catalog';

const catalog: Partial<Catalog> = {};
export default catalog as Catalog;

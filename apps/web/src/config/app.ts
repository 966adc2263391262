/**
 * Product-wide settings of the web app (docs/product.md#constants). The brand (name, logo, support
 * address) is the server's, read at run time (`components/site.ts`), so one build serves any brand.
 */

/** The router basename; the server serves the built app under it. */
export const BASE_PATH = '/client';

/** Every API call goes under this prefix (docs/product.md#api). */
export const API_BASE = '/api';

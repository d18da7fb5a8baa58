import { productName } from '../../../vocabulary/product.ts';

export const productTagline = 'Trusted source for China policy tracking and analysis';
/** Appended to every page title. */
export const titleSuffix = ` | ${productName}`;

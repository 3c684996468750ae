/** See site-name.js: the product name when SITE_NAME is not set. */
export declare const DEFAULT_SITE_NAME: string;
export declare function siteName(env?: Record<string, string | undefined>): string;

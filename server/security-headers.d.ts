/** See security-headers.js: the hosts a configured contact-form bot check adds to the CSP (none by default). */
export declare function botCheckSources(env: Record<string, string | undefined>): {
  script: string[];
  frame: string[];
  connect: string[];
};
/** See security-headers.js: the security headers and CSP nonce on every response. */
export declare function securityHeaders(options: {
  dev: boolean;
  https: boolean;
  env?: Record<string, string | undefined>;
}): (
  req: unknown,
  res: { locals: Record<string, unknown>; setHeader: (name: string, value: string) => unknown },
  next: () => void,
) => void;

// Types for ops-env.js (plain Node, read by the tests).
export declare const OPS_VARIABLES: string[];
export declare function opsEnv(): { databasePath: string; backupDir: string; backupKeepDays: string | undefined };

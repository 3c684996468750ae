// What the operator's plain-Node commands (db-backup.js, db-restore.js, db-migrate.js) read from the environment, in
// one place. They run in the image, which has no app sources, so they cannot import app/config.server.ts;
// DATABASE_PATH's default is the app's own (tests/unit/site/config-variables.test.ts checks both, and that README's
// "Configuration" table lists every variable).

/** The variables read here, for that test. */
export const OPS_VARIABLES = ["DATABASE_PATH", "BACKUP_DIR", "BACKUP_KEEP_DAYS"];

/** Read when called, so a command sees the environment it was started with. */
export function opsEnv() {
  return {
    /** The live database when no --db is given. */
    databasePath: process.env.DATABASE_PATH || "./data/app.db",
    /** Where db-backup writes when no --out is given. */
    backupDir: process.env.BACKUP_DIR || "./data/backups",
    /** Days db-backup keeps a folder's snapshots when no --keep-days is given: text, checked by the command. */
    backupKeepDays: process.env.BACKUP_KEEP_DAYS,
  };
}

/** The payload validator lives in shared/ (the server validates the workspace's records with it too). */
export * from '#shared/schema.ts';

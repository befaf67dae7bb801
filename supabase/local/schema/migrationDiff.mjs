// @ts-check
export async function writeMigration() { throw new Error('not yet'); }

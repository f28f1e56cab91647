import pg from 'pg';

/** Runs `work` with a client on the database `url` names, closing it afterwards. */
export async function withDatabase(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

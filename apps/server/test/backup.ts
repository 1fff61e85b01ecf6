import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Config } from '../src/core/config';
import { openDatabase } from '../src/core/db';
import { seed } from '../src/db/seed';
import { userAccount } from '../src/modules/auth/auth.table';
import { attachment } from '../src/modules/documents/attachments/attachment.table';
import { document } from '../src/modules/documents/document.table';
import type { TestApp } from './app';
import { saveDeputy } from './documents';
import { documentMasters } from './factories';
import { samples } from './files';
import { multipart } from './multipart';

/** A new database (PostgreSQL of the config, else the embedded one in its data folder) migrated and demo-seeded. */
export async function seededInto(config: Config): Promise<void> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seed(database.db, config);
  } finally {
    await database.close();
  }
}

/** A draft deputy of the employee's with one uploaded PDF, as the app stores it: bytes in the data folder. */
export async function documentWithFile(
  t: TestApp,
): Promise<{ documentId: number; attachmentId: number; bytes: Buffer }> {
  const m = await documentMasters(t.ctx.db);
  const { access_token } = await t.login('employee');
  const d = await saveDeputy(t, m, access_token);
  const bytes = samples.pdf();
  const body = multipart({ DocumentID: d.ID, Kind: 'invoice' }, { name: '发票.pdf', data: bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/UploadAttachment/SaveFile',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${access_token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { documentId: d.ID, attachmentId: (res.json() as { ID: number }).ID, bytes };
}

export interface Holdings {
  documents: { id: number; docNo: string; status: string; version: number }[];
  attachments: { id: number; documentId: number; sha256: string; uploader: string }[];
}

/** Every document and attachment row, to compare a restored database with its source. */
export async function holdings(t: TestApp): Promise<Holdings> {
  const documents = await t.ctx.db
    .select({ id: document.id, docNo: document.docNo, status: document.status, version: document.version })
    .from(document)
    .orderBy(asc(document.id));
  const attachments = await t.ctx.db
    .select({
      id: attachment.id,
      documentId: attachment.documentId,
      sha256: attachment.sha256,
      uploader: userAccount.username,
    })
    .from(attachment)
    .innerJoin(userAccount, eq(userAccount.employeeId, attachment.uploadedBy))
    .orderBy(asc(attachment.id));
  return { documents, attachments };
}

/** Downloads every attachment through the app, as the person who uploaded it, and checks its bytes. */
export async function expectEveryFileDownloads(t: TestApp, rows: Holdings['attachments']): Promise<void> {
  const tokens = new Map<string, string>();
  for (const row of rows) {
    let token = tokens.get(row.uploader);
    if (!token) {
      token = (await t.login(row.uploader)).access_token;
      tokens.set(row.uploader, token);
    }
    const res = await t.call('/api/UploadAttachment/DownloadFile', { ID: row.id }, token);
    expect(res.statusCode, `attachment ${row.id}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(createHash('sha256').update(res.rawPayload).digest('hex'), `attachment ${row.id}`).toBe(row.sha256);
  }
}

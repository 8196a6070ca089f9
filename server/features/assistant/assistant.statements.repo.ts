import type Database from 'better-sqlite3';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import { statement } from '../../db/sqlite.js';

/** A statement of the assistant's source repos, prepared once per connection (preparing costs more than running an indexed read). */
export const stmt = (db: Db, text: string): Database.Statement => prepared(db, `assistant:${text}`, () => statement(db, text));

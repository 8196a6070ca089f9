import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { ContactMessageInput, GuideLeadInput } from '../../../shared/public-forms.schemas.js';
import { contactMessages, guideLeads } from './public-forms.tables.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type GuideLeadRow = typeof guideLeads.$inferSelect;
export type Page<T> = { total: number; items: T[] };

export function insertContactMessage(db: Db, input: Omit<ContactMessageInput, 'website'>): ContactMessageRow {
  const row = { id: newId(), name: input.name, email: input.email, company: input.company, message: input.message };
  return db.insert(contactMessages).values(row).returning().get();
}

export function insertGuideLead(db: Db, input: Omit<GuideLeadInput, 'website'>): GuideLeadRow {
  const row = { id: newId(), name: input.name, email: input.email, company: input.company, team_size: input.team_size };
  return db.insert(guideLeads).values(row).returning().get();
}

/** Newest first. */
export function listContactMessages(db: Db, limit: number, offset: number): Page<ContactMessageRow> {
  const total = db.select({ n: count() }).from(contactMessages).get()?.n ?? 0;
  const items = db.select().from(contactMessages).orderBy(desc(contactMessages.created_at), desc(contactMessages.id)).limit(limit).offset(offset).all();
  return { total, items };
}

/** Newest first. */
export function listGuideLeads(db: Db, limit: number, offset: number): Page<GuideLeadRow> {
  const total = db.select({ n: count() }).from(guideLeads).get()?.n ?? 0;
  const items = db.select().from(guideLeads).orderBy(desc(guideLeads.created_at), desc(guideLeads.id)).limit(limit).offset(offset).all();
  return { total, items };
}

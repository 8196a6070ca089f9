-- A shared 1:1 note = shared parts + each person's private part (docs/decisions/0056).
-- Hand-written around drizzle-kit's statements: the search index is rebuilt as one FTS5 document per
-- reader, each holding only what that reader sees.
-- 1. The old index (notes_fts over notes, with the author's body readable by the shared person) goes.
DROP TRIGGER IF EXISTS `notes_fts_ai`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `notes_fts_ad`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `notes_fts_au`;--> statement-breakpoint
DROP TABLE IF EXISTS `notes_fts`;--> statement-breakpoint
CREATE TABLE `note_private_notes` (
	`note_id` text NOT NULL,
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`note_id`, `user_id`),
	FOREIGN KEY (`note_id`) REFERENCES `notes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `note_agenda_items` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `notes` ADD `shared_updated_at` text;--> statement-breakpoint
ALTER TABLE `notes` DROP COLUMN `readers`;--> statement-breakpoint
-- 2. Notes already shared at this upgrade: their body stays where it is, and so becomes the author's
-- private part (the person it is about no longer reads it, nor finds the note by its words); the
-- title, talking points and next 1:1 date stay shared. Their private part starts empty. What they
-- saw last move is the note's last change before the upgrade.
UPDATE `notes` SET `shared_updated_at` = `updated_at` WHERE `shared_at` IS NOT NULL;--> statement-breakpoint
-- 3. Search documents, one per reader. The author's: the title and their body.
CREATE VIEW `note_author_docs` AS SELECT rowid AS rid, title, body, 'u' || hex(author_id) AS reader FROM notes;--> statement-breakpoint
-- The shared person's (while shared): the title and their own private part, nothing of the author's body.
CREATE VIEW `note_shared_docs` AS SELECT n.rowid AS rid, n.title AS title, coalesce(p.body, '') AS body, 'u' || hex(n.about_user_id) AS reader
	FROM notes n LEFT JOIN note_private_notes p ON p.note_id = n.id AND p.user_id = n.about_user_id
	WHERE n.shared_at IS NOT NULL AND n.about_user_id IS NOT NULL;--> statement-breakpoint
-- Both external content over their view, with the tokenizer and prefix indexes of 0011; `reader` is
-- the reader's token (notes.search.repo.ts readerToken): a search matches it first.
CREATE VIRTUAL TABLE `notes_fts` USING fts5(title, body, reader, content='note_author_docs', content_rowid='rid', tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3 4 5 6 7 8');--> statement-breakpoint
CREATE VIRTUAL TABLE `note_shared_fts` USING fts5(title, body, reader, content='note_shared_docs', content_rowid='rid', tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3 4 5 6 7 8');--> statement-breakpoint
-- 4. Triggers. The author's document depends on notes alone: the old row's values are exactly what
-- is indexed. The shared document depends on notes and note_private_notes: a BEFORE trigger removes
-- what the view holds now (exactly what is indexed), the AFTER trigger adds what it holds then; a
-- note deleted (its private parts go by ON DELETE CASCADE after its row) is removed BEFORE, so the
-- cascade finds nothing left to index. An upsert or INSERT OR REPLACE on note_private_notes would
-- fire these out of pairs: the code never writes it that way.
CREATE TRIGGER `notes_fts_ai` AFTER INSERT ON `notes` BEGIN
	INSERT INTO notes_fts(rowid, title, body, reader) VALUES (new.rowid, new.title, new.body, 'u' || hex(new.author_id));
	INSERT INTO note_shared_fts(rowid, title, body, reader) SELECT rid, title, body, reader FROM note_shared_docs WHERE rid = new.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `notes_fts_au` AFTER UPDATE OF title, body, author_id ON `notes` BEGIN
	INSERT INTO notes_fts(notes_fts, rowid, title, body, reader) VALUES ('delete', old.rowid, old.title, old.body, 'u' || hex(old.author_id));
	INSERT INTO notes_fts(rowid, title, body, reader) VALUES (new.rowid, new.title, new.body, 'u' || hex(new.author_id));
END;--> statement-breakpoint
CREATE TRIGGER `notes_fts_ad` AFTER DELETE ON `notes` BEGIN
	INSERT INTO notes_fts(notes_fts, rowid, title, body, reader) VALUES ('delete', old.rowid, old.title, old.body, 'u' || hex(old.author_id));
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_notes_bu` BEFORE UPDATE OF title, about_user_id, shared_at ON `notes` BEGIN
	INSERT INTO note_shared_fts(note_shared_fts, rowid, title, body, reader) SELECT 'delete', rid, title, body, reader FROM note_shared_docs WHERE rid = old.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_notes_au` AFTER UPDATE OF title, about_user_id, shared_at ON `notes` BEGIN
	INSERT INTO note_shared_fts(rowid, title, body, reader) SELECT rid, title, body, reader FROM note_shared_docs WHERE rid = new.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_notes_bd` BEFORE DELETE ON `notes` BEGIN
	INSERT INTO note_shared_fts(note_shared_fts, rowid, title, body, reader) SELECT 'delete', rid, title, body, reader FROM note_shared_docs WHERE rid = old.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_private_bi` BEFORE INSERT ON `note_private_notes` BEGIN
	INSERT INTO note_shared_fts(note_shared_fts, rowid, title, body, reader) SELECT 'delete', d.rid, d.title, d.body, d.reader FROM notes n JOIN note_shared_docs d ON d.rid = n.rowid WHERE n.id = new.note_id;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_private_ai` AFTER INSERT ON `note_private_notes` BEGIN
	INSERT INTO note_shared_fts(rowid, title, body, reader) SELECT d.rid, d.title, d.body, d.reader FROM notes n JOIN note_shared_docs d ON d.rid = n.rowid WHERE n.id = new.note_id;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_private_bu` BEFORE UPDATE ON `note_private_notes` BEGIN
	INSERT INTO note_shared_fts(note_shared_fts, rowid, title, body, reader) SELECT 'delete', d.rid, d.title, d.body, d.reader FROM notes n JOIN note_shared_docs d ON d.rid = n.rowid WHERE n.id = old.note_id;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_private_au` AFTER UPDATE ON `note_private_notes` BEGIN
	INSERT INTO note_shared_fts(rowid, title, body, reader) SELECT d.rid, d.title, d.body, d.reader FROM notes n JOIN note_shared_docs d ON d.rid = n.rowid WHERE n.id = new.note_id;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_private_bd` BEFORE DELETE ON `note_private_notes` BEGIN
	INSERT INTO note_shared_fts(note_shared_fts, rowid, title, body, reader) SELECT 'delete', d.rid, d.title, d.body, d.reader FROM notes n JOIN note_shared_docs d ON d.rid = n.rowid WHERE n.id = old.note_id;
END;--> statement-breakpoint
CREATE TRIGGER `note_shared_fts_private_ad` AFTER DELETE ON `note_private_notes` BEGIN
	INSERT INTO note_shared_fts(rowid, title, body, reader) SELECT d.rid, d.title, d.body, d.reader FROM notes n JOIN note_shared_docs d ON d.rid = n.rowid WHERE n.id = old.note_id;
END;--> statement-breakpoint
-- 5. Index what is there.
INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');--> statement-breakpoint
INSERT INTO note_shared_fts(note_shared_fts) VALUES ('rebuild');

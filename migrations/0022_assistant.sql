CREATE TABLE `assistant_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assistant_conversations_user_idx` ON `assistant_conversations` (`organization_id`,`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `assistant_conversations_updated_idx` ON `assistant_conversations` (`updated_at`);--> statement-breakpoint
CREATE TABLE `assistant_docs` (
	`rid` integer PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `assistant_docs_org_kind_at` ON `assistant_docs` (`organization_id`,`kind`,`at`);--> statement-breakpoint
CREATE TABLE `assistant_index_state` (
	`kind` text PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`built_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `assistant_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`question` text NOT NULL,
	`scope` text NOT NULL,
	`status` text NOT NULL,
	`refs` text NOT NULL,
	`model_text` text,
	`model_host` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `assistant_conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assistant_messages_conversation_idx` ON `assistant_messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `assistant_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`sources` text NOT NULL,
	`retention_days` integer DEFAULT 90 NOT NULL,
	`endpoint_url` text,
	`endpoint_model` text,
	`endpoint_key_sealed` text,
	`endpoint_key_hint` text,
	`first_token_seconds` integer DEFAULT 20 NOT NULL,
	`total_seconds` integer DEFAULT 120 NOT NULL,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Hand-written (docs/decisions/0066): the words of every indexed passage (`body`) and its tokens
-- (`tags`: organization, kind, audience and scope, see assistant.index.repo.ts), under the rowid of
-- its assistant_docs row. Contentless: no copy of the text is kept beside the source rows, and a
-- document is deleted by its rowid alone (contentless_delete). detail=column: column filters work,
-- positions are not kept (the assistant ranks the passages the asker may read itself, never with
-- bm25 over other people's documents). The triggers that fill it are made by the assistant at start
-- from each source kind's declaration; removing a document row removes its words.
CREATE VIRTUAL TABLE `assistant_fts` USING fts5(body, tags, content='', contentless_delete=1, detail=column, tokenize='porter unicode61 remove_diacritics 2');--> statement-breakpoint
CREATE TRIGGER `assistant_docs_ad` AFTER DELETE ON `assistant_docs` BEGIN
	DELETE FROM assistant_fts WHERE rowid = old.rid;
END;

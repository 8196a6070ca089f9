-- Hand-written, data only (docs/decisions/0055): notification mail written before notify() declared what is
-- private could carry words that admins may not read in their area (private feedback, a feedback request's
-- message or decline reason, a private goal's title, who shared 1:1 notes). Every admin reads the outbox, so
-- the subject and text of stored mail of the kinds that can be private are replaced; the row stays (who got
-- mail, when, and its link to a page). A notification mail names its kind in its footer.
UPDATE `email_outbox` SET
  `subject` = 'Teamlens notification',
  `text` = 'Not shown: this notification was mailed before Teamlens kept private words out of its mail, and it may have held some.'
WHERE `text` LIKE '%You get this because "Feedback" notifications are on for you.%'
  OR `text` LIKE '%You get this because "Reminders" notifications are on for you.%'
  OR `text` LIKE '%You get this because "Goal updates" notifications are on for you.%'
  OR `text` LIKE '%You get this because "Goal reminders" notifications are on for you.%'
  OR `text` LIKE '%You get this because "1:1 notes" notifications are on for you.%';

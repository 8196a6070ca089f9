/**
 * Posting to a Slack incoming webhook (https://api.slack.com/messaging/webhooks): a JSON body
 * `{ text, blocks? }`, answered `200 ok`, or an error status with a short reason
 * (`invalid_payload`, `no_service`, `channel_is_archived`, ...). One attempt, 5 s at most.
 */
export const SLACK_TIMEOUT_MS = 5_000;

export type SlackBlock = { type: 'section'; text: { type: 'mrkdwn'; text: string } } | { type: 'context'; elements: Array<{ type: 'mrkdwn'; text: string }> };
export type SlackMessage = { text: string; blocks?: SlackBlock[] };
export type SlackOutcome = { ok: true } | { ok: false; error: string };

/** Slack's mrkdwn reserves &, < and > (control sequences such as <@U123> and <url|label>). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A link in mrkdwn; characters that would end it early are percent-encoded. */
export function slackLink(url: string, label: string): string {
  return `<${url.replace(/[|<> ]/g, (c) => encodeURIComponent(c))}|${escapeSlack(label)}>`;
}

/**
 * Posts one message. Never throws: the outcome says what went wrong, in words fit for an admin
 * (no part of the secret URL). Redirects are refused, so the post cannot be bounced elsewhere.
 */
export async function postSlackMessage(url: string, message: SlackMessage, timeoutMs = SLACK_TIMEOUT_MS): Promise<SlackOutcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await res.text().catch(() => '')).trim().slice(0, 100);
    if (res.ok) return { ok: true };
    return { ok: false, error: `Slack answered ${res.status}${answer ? `: ${answer.replace(/[^\w .:-]/g, '')}` : ''}.` };
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      return { ok: false, error: `Slack did not answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}.` };
    const cause =
      err instanceof Error && err.cause && typeof err.cause === 'object' && 'code' in err.cause ? String((err.cause as { code: unknown }).code) : null;
    return { ok: false, error: `Slack could not be reached${cause ? ` (${cause})` : ''}.` };
  }
}

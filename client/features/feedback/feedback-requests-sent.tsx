/** TODO(helper D2): the requests I made (about me or my reports), their asks and the answers I may read; the "Requested" tab of /continuous-feedback. */
export function SentRequests() {
  return null;
}

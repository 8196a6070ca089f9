/**
 * An email address that may break onto a second line just before the "@" when its box is narrow
 * (the sidebar, a table cell), instead of being cut off: the whole address stays readable.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

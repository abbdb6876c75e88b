/** An e-mail address that wraps after its "@" (and only breaks elsewhere when it must). */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return <span className="block [overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="block [overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

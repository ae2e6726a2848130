import { segmentsOf } from './linkify';

/**
 * A message as plain text: line breaks kept, links clickable (opening in a new tab), nothing
 * else rendered. React escapes every text segment, so HTML in a message shows as typed.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {segmentsOf(text).map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : (
          <a
            key={i}
            href={s.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium underline underline-offset-2 hover:opacity-80"
          >
            {s.text}
          </a>
        ),
      )}
    </>
  );
}

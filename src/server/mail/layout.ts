const ACCENT = '#9333ea';

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface EmailParts {
  subject: string;
  heading: string;
  /** Paragraphs of plain text (escaped into the HTML). */
  paragraphs: string[];
  /** Label/value rows, e.g. the booking details. */
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
  footnote?: string;
}

/** Velvet's email layout: 600 px wide, purple accent, with a plain-text part. */
export function renderEmail(p: EmailParts): EmailContent {
  const paragraphs = p.paragraphs
    .map(
      (t) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f1f29">${escapeHtml(t)}</p>`,
    )
    .join('');
  const details = p.details?.length
    ? `<table role="presentation" width="100%" style="border-collapse:collapse;margin:8px 0 20px;background:#f7f2fd;border-radius:8px">${p.details
        .map(
          ([k, v]) =>
            `<tr><td style="padding:8px 14px;font-size:14px;color:#6b6b80;width:40%">${escapeHtml(k)}</td><td style="padding:8px 14px;font-size:14px;color:#1f1f29;font-weight:600">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = p.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(p.action.url)}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px;font-size:16px">${escapeHtml(p.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b6b80">Or paste this link into your browser: <a href="${escapeHtml(p.action.url)}" style="color:${ACCENT}">${escapeHtml(p.action.url)}</a></p>`
    : '';
  const footnote = p.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#6b6b80">${escapeHtml(p.footnote)}</p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(p.subject)}</title></head><body style="margin:0;padding:0;background:#f4f4f7;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif"><table role="presentation" width="100%" style="background:#f4f4f7;padding:24px 0"><tr><td align="center"><table role="presentation" width="600" style="width:600px;max-width:100%;background:#ffffff;border-radius:12px;overflow:hidden"><tr><td style="background:${ACCENT};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px">Velvet</td></tr><tr><td style="padding:32px"><h1 style="margin:0 0 20px;font-size:22px;color:#1f1f29">${escapeHtml(p.heading)}</h1>${paragraphs}${details}${action}${footnote}</td></tr><tr><td style="padding:16px 32px;background:#faf7fe;font-size:12px;color:#8a8a9e">Velvet · Premium Nightlife Venues</td></tr></table></td></tr></table></body></html>`;
  const text = [
    p.heading,
    '',
    ...p.paragraphs.flatMap((t) => [t, '']),
    ...(p.details ?? []).map(([k, v]) => `${k}: ${v}`),
    ...(p.details?.length ? [''] : []),
    ...(p.action ? [`${p.action.label}: ${p.action.url}`, ''] : []),
    ...(p.footnote ? [p.footnote, ''] : []),
    '— Velvet, Premium Nightlife Venues',
  ].join('\n');
  return { subject: p.subject, html, text };
}

/** Every email template previewed with its sample data, and a sample sent to any address. */
import { notFound } from '@/domain/errors';
import type { QueuedEmail, TemplatePreview } from '@/domain/contract/operations';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { enqueueEmail } from '../../mail/outbox';
import { EMAIL_TEMPLATES, isTemplateName, TEMPLATE_NAMES } from '../../mail/registry';
import { emailToolsLimit } from './email';

/* ---------- templates ---------- */
/** Every registered template rendered with its sample data. */
export function listTemplates(ctx: AppContext): TemplatePreview[] {
  return TEMPLATE_NAMES.map((name) => {
    const entry = EMAIL_TEMPLATES[name];
    const content = entry.sample(ctx.config.PUBLIC_URL);
    return {
      name,
      label: entry.label,
      description: entry.description,
      ad_hoc: entry.adHoc === true,
      ...content,
    };
  });
}

/** Sends one template's sample to any address, through the outbox (counts against the limit). */
export async function sendTemplateSample(
  ctx: AppContext,
  viewer: Viewer,
  name: string,
  to: string,
): Promise<QueuedEmail> {
  if (!isTemplateName(name)) throw notFound('Template not found.');
  await emailToolsLimit(ctx, viewer);
  const content = EMAIL_TEMPLATES[name].sample(ctx.config.PUBLIC_URL);
  const id = await enqueueEmail(
    ctx.db,
    name,
    to,
    { ...content, subject: `[Sample] ${content.subject}` },
    { sample: true },
  );
  return { id, status: 'pending', to, subject: `[Sample] ${content.subject}` };
}

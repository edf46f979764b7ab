import 'server-only';
import { env as siteEnv } from '@/env';
import { isLangCode } from '@/i18n/locales';
import { leadEstimateSchema } from '@/lib/calculator/lead-estimate';
import { proposalHref } from '@/lib/calculator/proposal-link';
import { proposalPdf } from './pdf';
import { makeProposal, type ProposalRequest } from './proposal';

type LeadWithEstimate = { estimate: unknown; createdAt: Date };

/**
 * The estimate a lead carries, as the PDF's request: its selection and
 * currency as stored, in the language of the calculator page it came from.
 */
export function leadProposal(lead: LeadWithEstimate): ProposalRequest | undefined {
  const parsed = leadEstimateSchema.safeParse(lead.estimate);
  if (!parsed.success) return undefined;
  const lang = parsed.data.link.slice(1, 3);
  if (!isLangCode(lang)) return undefined;
  return { lang, selection: parsed.data.selection, currency: parsed.data.currency };
}

/** The address of a lead's estimate as a PDF, for Telegram, the CRMs and the webhook. */
export function leadProposalUrl(lead: LeadWithEstimate): string | undefined {
  const request = leadProposal(lead);
  return request
    ? `${siteEnv.SITE_URL}${proposalHref(request.lang, request.selection, request.currency)}`
    : undefined;
}

/** A lead's estimate as the PDF the visitor could download that day, for the team's e-mail. */
export async function leadProposalAttachment(
  lead: LeadWithEstimate,
): Promise<{ filename: string; content: Buffer; contentType: string } | undefined> {
  const request = leadProposal(lead);
  if (!request) return undefined;
  const proposal = await makeProposal(request, lead.createdAt);
  return {
    filename: `estimate-${proposal.reference}.pdf`,
    content: await proposalPdf(proposal, lead.createdAt),
    contentType: 'application/pdf',
  };
}

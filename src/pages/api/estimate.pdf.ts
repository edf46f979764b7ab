import type { APIRoute } from 'astro';
import { readOnlyRoute } from '@/server/http/read-only-route';
import { proposalPdf } from '@/server/proposal/pdf';
import { makeProposal, proposalRefusal, readProposalQuery } from '@/server/proposal/proposal';

export const prerender = false;

/**
 * The calculator's estimate as a PDF to send on: `?lang=ru&type=…&currency=KZT`,
 * the calculator's own query. An impossible selection is refused (400) with
 * the fields that are wrong, in the address's language, and a link back to the
 * calculator; an unknown currency is the language's own.
 */
export const GET: APIRoute = async ({ url }) => {
  const query = readProposalQuery(url.searchParams);
  if (!query.ok) {
    return new Response(`${await proposalRefusal(query.lang, query.fields)}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const proposal = await makeProposal(query.request);
  const pdf = await proposalPdf(proposal);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="estimate-${proposal.reference}.pdf"`,
      // Its dates are the day's: a copy may be reused for a while, not for days.
      'Cache-Control': 'public, max-age=600',
    },
  });
};

export const ALL = readOnlyRoute(GET);

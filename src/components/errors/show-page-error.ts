/**
 * The error page of a page whose island failed: the page's own content gives
 * way to the error view the page carries ready in its language
 * (`<template id="page-error">`, src/components/errors/page-error.astro), and
 * focus moves to it so that it is read out. "Try again" loads the page anew.
 */
export function showPageError(): void {
  const template = document.getElementById('page-error');
  const main = document.getElementById('main');
  if (!(template instanceof HTMLTemplateElement) || !main) return;
  const view = template.content.cloneNode(true) as DocumentFragment;
  // The template's heading is an h2 so that the served page has one h1; with
  // the page's content gone, it is the page's h1.
  const waiting = view.querySelector('[data-page-heading]');
  if (waiting) {
    const heading = document.createElement('h1');
    heading.className = waiting.className;
    heading.append(...waiting.childNodes);
    waiting.replaceWith(heading);
  }
  main.replaceChildren(view);
  main.querySelector('[data-retry]')?.addEventListener('click', () => window.location.reload());
  main.focus();
}

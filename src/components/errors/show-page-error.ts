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
  main.replaceChildren(template.content.cloneNode(true));
  main.querySelector('[data-retry]')?.addEventListener('click', () => window.location.reload());
  main.focus();
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  createAttachedEstimateStore,
  shareEstimate,
  useAttachedEstimate,
  type AttachedEstimate,
} from './attached-estimate';

const shop: AttachedEstimate = {
  query: 'type=shop&size=40',
  summary: 'Online shop · 40 pages',
  range: { low: 100, high: 130, currency: 'USD' },
};
const landing: AttachedEstimate = { query: 'type=landing&size=1', summary: 'Landing page' };

function Form({ initial }: { initial?: AttachedEstimate }) {
  const attached = useAttachedEstimate(initial);
  return <p>{attached ? `${attached.estimate.summary} #${attached.sendRequests}` : 'none'}</p>;
}

describe('the attached estimate', () => {
  it('is there only where the page gives the form one', () => {
    expect(renderToStaticMarkup(<Form />)).toBe('<p>none</p>');
    expect(renderToStaticMarkup(<Form initial={landing} />)).toBe('<p>Landing page #0</p>');
  });

  it('on the server is always the page’s own, never what the module holds from another render', () => {
    shareEstimate(shop);
    expect(renderToStaticMarkup(<Form initial={landing} />)).toBe('<p>Landing page #0</p>');
  });

  it('tells its listeners of each change, and of nothing that changes nothing', () => {
    const store = createAttachedEstimateStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.get().estimate).toBeNull();

    store.share(shop);
    const first = store.get();
    expect(first.estimate).toEqual(shop);
    expect(listener).toHaveBeenCalledTimes(1);

    // The same estimate again (a render of the calculator that changed nothing):
    // the same snapshot, so a reader does not render again.
    store.share({ ...shop, range: { ...shop.range! } });
    expect(store.get()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);

    store.requestSend();
    store.requestSend();
    expect(store.get()).toEqual({ estimate: shop, sendRequests: 2 });
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    store.share(landing);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.get().estimate).toEqual(landing);
  });
});

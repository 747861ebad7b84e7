// Load and state: the salon as the server has it, kept current on the page after each save (the
// view's copy, the page's ctx.business, and the name in the header).

/** The salon: `current()` as last saved, `changes(body)` what differs from it, `save(changes)` the PATCH. */
export async function loadSalon(ctx) {
  let business = await ctx.api.call('adminGetBusiness');
  const saved = (answer) => {
    business = answer;
    Object.assign(ctx.business, answer);
    const header = document.getElementById('business-name');
    if (header?.textContent) {
      header.textContent = answer.name;
      header.title = answer.name;
    }
    return answer;
  };
  return {
    current: () => business,
    changes: (body) => Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== (business[key] ?? null))),
    save: async (changes) => saved(await ctx.api.call('adminUpdateBusiness', { body: changes })),
  };
}

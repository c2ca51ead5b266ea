/** JSON of every gated pattern's required factors, keyed as the bundles ('bundle') or the sources ('sources') spell the pattern. */
export declare function requiredFactorsTable(form: 'bundle' | 'sources'): Promise<string>;

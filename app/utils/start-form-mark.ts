/**
 * The start screens' mark (a hidden field): the solo start form always sends the operations ticked, so a start that
 * carries the mark and no operation had none ticked (refused), while a link without operations means all four.
 */
export const START_FORM_MARK = { name: "from", value: "start" } as const;

/** A message for the user: the product's messages (docs/product.md#messages: title plus optional description; errors in the destructive style). */
export type Flash = { kind: "success" | "error"; title: string; description?: string };

/** A message for the user: the product's messages (docs/product.md#messages: title plus optional description; errors in the destructive style). */
export type Flash = { kind: "success" | "error"; title: string; description?: string };

/** "{title}: {description}": a titled message where only one line fits (an error summary, a field's message). */
export const oneLine = (message: { title: string; description: string }) => `${message.title}: ${message.description}`;

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { ContactForm } from "~/components/contact/contact-form";
import { config } from "~/config.server";
import { botCheckWidget, honeypotInputProps, issueFormStamp } from "~/limits/bot-check.server";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { sendContactMessage, type ContactReply } from "./contact.server";

// A refusal's Retry-After reaches the browser (docs/decisions/0013-one-rate-limiter.md).
export const headers = keepRetryAfter();

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: "Questions, ideas or a school that would like to use Maths Sprint? Send us a message.",
    keywords: ["contact", "maths game for schools", "feedback"],
    path: "/contact",
  });

/** The form, with its honeypot, its signed single-use stamp for this address and, when configured, a provider's check. */
export function loader({ context }: Pick<LoaderFunctionArgs, "context">) {
  return {
    stamp: issueFormStamp(context.clientAddress ?? null),
    honeypot: honeypotInputProps(),
    botCheck: botCheckWidget(config.botCheck),
    contactEmail: config.contactEmail,
  };
}

/** docs/product.md#contact: checked, stored, then mailed; sent means back to an empty form with `Message Sent!`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return sendContactMessage(request, await readForm(request), context.clientAddress ?? null);
}

export default function ContactPage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ContactReply | undefined;
  // A new form on every navigation: emptied after a message is sent, and a provider's check gets a new token.
  const { key } = useLocation();
  return (
    <section className="page page-narrow" aria-labelledby="contact-heading">
      <h1 id="contact-heading">Contact Us</h1>
      <p className="lead">
        Questions, ideas, or a school that would like to join? Send us a message and we will reply by email.
      </p>
      <p>
        You can also email us at <a href={`mailto:${loaded.contactEmail}`}>{loaded.contactEmail}</a>. We use your name
        and email address only to reply to you (see our <Link to="/privacy">Privacy Policy</Link>).
      </p>
      <HoneypotProvider {...loaded.honeypot}>
        <ContactForm
          key={key}
          lastResult={reply?.result}
          stamp={reply?.stamp ?? loaded.stamp}
          botCheck={loaded.botCheck}
          contactEmail={loaded.contactEmail}
        />
      </HoneypotProvider>
    </section>
  );
}

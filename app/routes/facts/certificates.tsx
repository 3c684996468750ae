import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPlayer } from "~/auth/player.server";
import { CertificateSheet, MY_CERTIFICATES } from "~/components/facts/certificates";
import { playerCertificates } from "~/pages/certificates.server";
import competitionStyles from "~/styles/competition.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import { privateHead } from "~/utils/private-head";

/*
 * A member's own certificates (docs/product.md#sticker-book), with their public name: all, or the one `?award=`
 * names. A visitor has no name to print: the page says how to get one and makes no player.
 */

export const { links, meta, headers } = privateHead(
  [competitionStyles, stickerStyles],
  MY_CERTIFICATES,
  "/facts/certificates",
);

export async function loader({ request }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  if (player?.kind !== "member") return { member: false as const, certificates: [] };
  const award = new URL(request.url).searchParams.get("award");
  return { member: true as const, ...playerCertificates(player, player.username, null, award) };
}

export default function CertificatesPage() {
  const { member, certificates } = useLoaderData<typeof loader>();
  return (
    <section className="page" aria-labelledby="certificates-heading">
      <h1 id="certificates-heading" className="certificate-page-heading">
        {MY_CERTIFICATES.title}
      </h1>
      <CertificateSheet
        certificates={certificates}
        intro={
          <p>
            {member ? "Print this page: one certificate a page. " : null}
            <Link to="/facts/stickers">Back to my sticker book</Link>
          </p>
        }
        none={
          member
            ? "No certificates yet: a whole table secure, or your first sticker, earns one."
            : "Certificates carry your name: sign in or sign up to print them."
        }
      />
    </section>
  );
}

import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { flashHeaders } from "~/utils/flash.server";
import { requireTestRoutes } from "~/utils/test-routes.server";
import { readForm } from "~/utils/request.server";

export function loader() {
  requireTestRoutes();
  return null;
}

/** Queues a flash message and goes home, as a real form's action does. */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const form = await readForm(request);
  const title = String(form.get("title") ?? "Success");
  return redirect("/", {
    headers: await flashHeaders(request, { kind: "success", title, description: "From the test route" }),
  });
}

export default function FlashTestPage() {
  return (
    <form method="post" className="page">
      <h1>Flash test</h1>
      <label htmlFor="title">Title</label>
      <input id="title" name="title" defaultValue="Test message" />
      <button type="submit" className="button button-primary">
        Send
      </button>
    </form>
  );
}

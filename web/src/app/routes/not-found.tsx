import { NotFoundView } from "../../components/errors/NotFoundView";

export function Component() {
  return <NotFoundView />;
}

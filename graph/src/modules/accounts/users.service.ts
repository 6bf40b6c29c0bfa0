import { In, type Repository } from "typeorm";
import { User } from "./user.entity.js";

/** Public, non-private facts about users that other modules show next to their own rows. */
export interface UserSummary {
  id: string;
  name: string;
  image: string | null;
  gender: "Male" | "Female" | null;
}

export class UsersService {
  constructor(private readonly users: Repository<User>) {}

  /** One query for any number of ids; missing ids are simply absent from the map. */
  async summaries(ids: readonly string[]): Promise<Map<string, UserSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.users.find({
      where: { id: In(unique) },
      select: { id: true, name: true, image: true, gender: true },
    });
    return new Map(rows.map((u) => [u.id, { id: u.id, name: u.name, image: u.image, gender: u.gender }]));
  }

  async exists(id: string): Promise<boolean> {
    return this.users.exist({ where: { id } });
  }
}

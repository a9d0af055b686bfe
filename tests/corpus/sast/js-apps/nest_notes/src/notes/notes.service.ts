// stockade-expect: annotated
import { Injectable } from "@nestjs/common";
import { InjectRepository } from "@nestjs/typeorm";
import { DataSource, Repository } from "typeorm";
import { Note } from "./note.entity";

@Injectable()
export class NotesService {
  constructor(
    @InjectRepository(Note) private readonly notes: Repository<Note>,
    private readonly dataSource: DataSource,
  ) {}

  search(owner: string, term: string): Promise<Note[]> {
    return this.notes
      .createQueryBuilder("note")
      .where("note.owner = :owner", { owner })
      // ruleid: javascript.sql-fragment-built-from-strings
      .andWhere(`note.title LIKE '%${term}%'`)
      .getMany();
  }

  byTag(tag: string): Promise<Note[]> {
    return this.notes
      .createQueryBuilder("note")
      // ok: javascript.sql-fragment-built-from-strings
      .where("note.tag = :tag", { tag })
      .getMany();
  }

  async stats(owner: string): Promise<unknown> {
    // ruleid: javascript.sql-built-from-strings
    return this.dataSource.query(`SELECT count(*) FROM note WHERE owner = '${owner}'`);
  }

  async archived(owner: string): Promise<unknown> {
    // ok: javascript.sql-built-from-strings
    return this.dataSource.query("SELECT * FROM note WHERE owner = $1 AND archived", [owner]);
  }
}

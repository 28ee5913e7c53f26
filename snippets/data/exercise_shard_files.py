"""Exercise: split an IterableDataset by file across workers, so that every record is read exactly once."""

from torch.utils.data import DataLoader, IterableDataset, get_worker_info

# Stand-ins for files of records: the name, and the records the file holds.
FILES = {"a.jsonl": range(0, 4), "b.jsonl": range(100, 103), "c.jsonl": range(200, 205)}


class Records(IterableDataset):
    """Worker k of W reads files k, k + W, k + 2W, ... of the sorted list; each yields (file, record)."""

    def __init__(self, files):
        self.files = files

    def __iter__(self):
        info = get_worker_info()
        worker, workers = (0, 1) if info is None else (info.id, info.num_workers)
        for name in sorted(self.files)[worker::workers]:
            for record in self.files[name]:
                yield name, record, worker


def read_all(num_workers):
    # batch_size=None: the loader passes items through one by one, without collating them into batches
    return list(DataLoader(Records(FILES), batch_size=None, num_workers=num_workers))


if __name__ == "__main__":
    expected = sorted((name, r) for name, records in FILES.items() for r in records)
    results = {}
    for num_workers in (0, 2):
        items = read_all(num_workers)
        once = sorted((name, r) for name, r, _ in items) == expected
        by_worker = {}
        for name, _, worker in items:
            by_worker.setdefault(worker, {}).setdefault(name, 0)
            by_worker[worker][name] += 1  # records read, per worker and file
        results[num_workers] = items, once, dict(sorted(by_worker.items()))
        print(f"num_workers={num_workers}: {len(items)} records, each once: {once}")
        print("  records per worker and file:", results[num_workers][2])
    # The loader takes items from the workers in turn, so the two workers' files come interleaved.
    print("first 6 with 2 workers:", [f"{name[0]}{r}" for name, r, _ in results[2][0][:6]])

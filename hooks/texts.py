"""The few words the build hooks add to pages, per site language. A language missing here fails the build."""

from mkdocs.exceptions import PluginError

TEXTS = {
    "zh": {
        "output": "输出",
        "output_measured": "输出（其中的计时、内存等实测数值每次运行都会不同，本次在 {hardware} 上测得）",
        "recorded": "在 GPU 上录制的输出：{gpu} · torch {torch} · {date}",
        "recorded_stale": "GPU 录制已过期",
        "recorded_stale_body": "这个文件在 {date} 录制 GPU 输出之后改动过，旧的录制不再代表它，所以不显示。在有 GPU 的机器上运行 `make record` 可以重新录制。",
        "cuda_only": "这段代码只在 CUDA 上运行，本次构建没有运行它",
        "cuda_only_body": "构建这一版站点的机器没有 GPU（设备：{device}），仓库里也还没有这段代码在 GPU 上录制的输出，所以这里没有输出可以显示。在有 GPU 的机器上运行 `make record` 可以录制。",
        "verified": "本页输出由构建时实际运行生成",
        "verified_body": "torch {torch} · 设备 {device} · Python {python} · 运行日期 {date}",
        "report_head": "| 代码文件 | 类型 | 状态 | 总耗时（秒） | 代码本身（秒） | 设备 | torch | 运行日期 |",
        "status_ok": "通过",
        "status_cuda_not_run": "仅限 CUDA，本次未运行",
        "status_cuda_recorded": "仅限 CUDA，显示 {gpu} 上 {date} 的录制",
        "kinds": {
            "plain": "普通",
            "processes": "多进程",
            "server": "需要服务",
            "cuda": "需要 CUDA",
            "measured": "含实测数值",
            "notebook": "notebook",
        },
        "bench_missing": "还没有基准数据：运行 `make bench` 生成 `bench/results.json`。",
        "bench_intro": "`make bench` 于 {date} 在 {hardware} 上测得（torch {torch}）。",
        "bench_head": "| 指标 | 数值 |",
        "bench_rows": {
            "cold_build_s": "冷构建（无缓存）耗时，秒",
            "warm_build_s": "热构建（全部命中缓存）耗时，秒",
            "one_edit_build_s": "改动一个片段后的构建耗时，秒",
            "compute_s": "冷构建中全部片段和 notebook 自身的运行时间，秒",
            "overhead_median_ms": "站点片段的单个额外开销中位数，毫秒",
            "overhead_p95_ms": "站点片段的单个额外开销 p95，毫秒",
            "trivial_median_ms": "100 个空片段逐个运行，单个开销中位数，毫秒",
            "trivial_p95_ms": "100 个空片段逐个运行，单个开销 p95，毫秒",
            "trivial_parallel_amortised_ms": "100 个空片段按构建方式并行运行，摊到每个片段的墙钟开销，毫秒",
            "largest_page_kb": "最大页面（KB，上限 1024）",
            "largest_page": "最大页面",
            "pages_total_kb": "全部页面合计（KB）",
            "search_index_kb": "搜索索引合计（KB）",
            "offline_copy_warm_s": "其中构建离线副本（热构建时）的耗时，秒",
            "offline_zip_kb": "离线副本 zip（KB）",
            "search_index_zh_kb": "中文搜索索引（KB）",
            "search_index_zh_gzip_kb": "中文搜索索引，gzip 压缩后实际传输（KB）",
            "search_index_en_kb": "英文搜索索引（KB）",
            "search_index_en_gzip_kb": "英文搜索索引，gzip 压缩后实际传输（KB）",
            "search_first_query_zh_ms": "页面刚加载完就搜“张量”，从输入到第一条结果出现，毫秒",
            "search_first_query_en_ms": "页面刚加载完就搜“tensor”（英文页），从输入到第一条结果出现，毫秒",
            "lighthouse_zh_home": "Lighthouse 中文首页：性能 / 无障碍 / 最佳实践 / SEO · FCP · TBT · 传输量",
            "lighthouse_zh_tensors": "Lighthouse 中文“张量”页：性能 / 无障碍 / 最佳实践 / SEO · FCP · TBT · 传输量",
            "lighthouse_zh_notebook": "Lighthouse 中文 notebook 页：性能 / 无障碍 / 最佳实践 / SEO · FCP · TBT · 传输量",
            "lighthouse_en_home": "Lighthouse 英文首页：性能 / 无障碍 / 最佳实践 / SEO · FCP · TBT · 传输量",
            "lighthouse_en_tensors": "Lighthouse 英文 Tensors 页：性能 / 无障碍 / 最佳实践 / SEO · FCP · TBT · 传输量",
            "lighthouse_en_notebook": "Lighthouse 英文 notebook 页：性能 / 无障碍 / 最佳实践 / SEO · FCP · TBT · 传输量",
            "lighthouse_performance_min": "Lighthouse 性能分，六个页面中最低（目标 ≥ 95）",
            "lighthouse_accessibility_min": "Lighthouse 无障碍分，六个页面中最低（目标 100）",
            "lighthouse_best_practices_min": "Lighthouse 最佳实践分，六个页面中最低（目标 100）",
            "lighthouse_seo_min": "Lighthouse SEO 分，六个页面中最低（目标 100）",
        },
        "bench_slowest": "最慢的十个片段（秒）：",
    },
    "en": {
        "output": "Output",
        "output_measured": "Output (timings, memory and other measured values differ from run to run; these were measured on {hardware})",
        "recorded": "Output recorded on a GPU: {gpu} · torch {torch} · {date}",
        "recorded_stale": "GPU recording out of date",
        "recorded_stale_body": "This file changed after its GPU output was recorded on {date}, so that recording no longer describes it and is not shown. Run `make record` on a GPU machine to record it again.",
        "cuda_only": "This code runs only on CUDA, and this build did not run it",
        "cuda_only_body": "The machine that built this version of the site has no GPU (device: {device}), and the repository holds no GPU recording of this code yet, so there is no output to show. Run `make record` on a GPU machine to record one.",
        "verified": "Outputs on this page were produced by running the code during the build",
        "verified_body": "torch {torch} · device {device} · Python {python} · run on {date}",
        "report_head": "| File | Kind | Status | Total (s) | Code itself (s) | Device | torch | Run on |",
        "status_ok": "ok",
        "status_cuda_not_run": "CUDA only, not run in this build",
        "status_cuda_recorded": "CUDA only, showing the recording from {gpu} on {date}",
        "kinds": {
            "plain": "plain",
            "processes": "several processes",
            "server": "needs a server",
            "cuda": "needs CUDA",
            "measured": "measured numbers",
            "notebook": "notebook",
        },
        "bench_missing": "No benchmark yet: `make bench` writes `bench/results.json`.",
        "bench_intro": "Measured by `make bench` on {date} on {hardware} (torch {torch}).",
        "bench_head": "| Figure | Value |",
        "bench_rows": {
            "cold_build_s": "cold build (empty cache), s",
            "warm_build_s": "warm build (everything cached), s",
            "one_edit_build_s": "build after editing one snippet, s",
            "compute_s": "time the snippets and notebooks themselves took in the cold build, s",
            "overhead_median_ms": "per-snippet overhead on the site, median, ms",
            "overhead_p95_ms": "per-snippet overhead on the site, p95, ms",
            "trivial_median_ms": "per-snippet overhead, 100 trivial snippets run one at a time, median, ms",
            "trivial_p95_ms": "per-snippet overhead, 100 trivial snippets run one at a time, p95, ms",
            "trivial_parallel_amortised_ms": "100 trivial snippets run in parallel as a build runs them: wall time per snippet, ms",
            "largest_page_kb": "largest page (KB, at most 1024)",
            "largest_page": "largest page",
            "pages_total_kb": "all pages together (KB)",
            "search_index_kb": "search indexes together (KB)",
            "offline_copy_warm_s": "of the warm build, time spent building the offline copy, s",
            "offline_zip_kb": "offline copy zip (KB)",
            "search_index_zh_kb": "Chinese search index (KB)",
            "search_index_zh_gzip_kb": "Chinese search index as transferred, gzipped (KB)",
            "search_index_en_kb": "English search index (KB)",
            "search_index_en_gzip_kb": "English search index as transferred, gzipped (KB)",
            "search_first_query_zh_ms": "searching 张量 right after the page loaded: typing to first result, ms",
            "search_first_query_en_ms": "searching “tensor” on an English page right after it loaded: typing to first result, ms",
            "lighthouse_zh_home": "Lighthouse, Chinese home page: performance / accessibility / best practices / SEO · FCP · TBT · bytes transferred",
            "lighthouse_zh_tensors": "Lighthouse, Chinese Tensors page: performance / accessibility / best practices / SEO · FCP · TBT · bytes transferred",
            "lighthouse_zh_notebook": "Lighthouse, Chinese notebook page: performance / accessibility / best practices / SEO · FCP · TBT · bytes transferred",
            "lighthouse_en_home": "Lighthouse, English home page: performance / accessibility / best practices / SEO · FCP · TBT · bytes transferred",
            "lighthouse_en_tensors": "Lighthouse, English Tensors page: performance / accessibility / best practices / SEO · FCP · TBT · bytes transferred",
            "lighthouse_en_notebook": "Lighthouse, English notebook page: performance / accessibility / best practices / SEO · FCP · TBT · bytes transferred",
            "lighthouse_performance_min": "Lighthouse performance, lowest of the six pages (target ≥ 95)",
            "lighthouse_accessibility_min": "Lighthouse accessibility, lowest of the six pages (target 100)",
            "lighthouse_best_practices_min": "Lighthouse best practices, lowest of the six pages (target 100)",
            "lighthouse_seo_min": "Lighthouse SEO, lowest of the six pages (target 100)",
        },
        "bench_slowest": "The ten slowest snippets (s):",
    },
}


def texts_for(lang: str) -> dict:
    if lang not in TEXTS:
        raise PluginError(f"hooks/texts.py has no texts for site language {lang!r}; add them there")
    return TEXTS[lang]


def verified_line(records, lang: str) -> str:
    """'torch … · device … · Python … · run on …' for the records that produced a page's outputs."""

    def joined(field):
        return ", ".join(sorted({getattr(r, field) for r in records}))

    return texts_for(lang)["verified_body"].format(
        torch=joined("torch"), device=joined("device"), python=joined("python"), date=joined("date")
    )

#pragma once

#include "job.h"

#include <QList>

// Rows of one page repeat the same text: a failure group's jobs share their class, state, queue,
// group and often the message's first line and the worker; a queue's jobs their tags. Decoding
// gives each row its own copy; this makes equal strings of a page one implicitly shared string,
// so what a loaded row costs is mostly its own jid and numbers (bench: group_memory_vs_raw).
void shareRowText(QList<Job> *jobs);

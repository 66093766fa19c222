// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulksummary.h"
#include "bulktarget.h"
#include "jobaction.h"

#include <QString>

class QlessSession;

// What a BulkRunner shares with the strategy that does its work (GroupBatches): the run's
// identity, its settings, its summary and the flags both sides read and set. The runner owns it;
// the strategy holds a reference, so every piece of state they share is named here.
struct BulkRun
{
    QlessSession *session = nullptr;
    JobAction action;
    BulkTarget target;
    // Names the run's receipts and its record on the server (ql:desk:run:<runId>).
    QString runId;
    int batchSize = 500;
    bool fixedBatch = false;
    BulkSummary summary;
    bool cancelRequested = false;
    // A restart seen, not yet checked: "run_id a… → b…"
    bool restartPending = false;
    QString restartText;
};

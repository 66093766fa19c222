// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobsource.h"

class QlessClient;

// The tracked jobs as a JobSource, so a JobListModel shows them like any job list: the track
// script's jobs, then its expired jids (tracked, job gone) as jobs in state "missing". The script
// returns the whole set at once; pages are cut from it here.
class TrackedJobSource final
{
public:
    static JobSource create(QlessClient *client);
};

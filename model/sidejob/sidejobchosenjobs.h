// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobaction.h"

#include <QList>

class SideJobJobModel;

// The jobs an operator chose in the jobs table, as the actions take them (id, layout and status as
// listed): pages hand over row numbers and never read the rows' redis/ types themselves.
namespace SideJobChosenJobs {
QList<SideJobRef> of(const SideJobJobModel &model, const QList<int> &rows);
} // namespace SideJobChosenJobs

// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobchosenjobs.h"

#include "sidejobjobmodel.h"

QList<SideJobRef> SideJobChosenJobs::of(const SideJobJobModel &model, const QList<int> &rows)
{
    QList<SideJobRef> chosen;
    for (int row : rows) {
        if (row < 0 || row >= model.rowCount())
            continue;
        const SideJobRow &job = model.rowAt(row);
        chosen << SideJobRef{QByteArray::number(job.id), job.layout, job.status};
    }
    return chosen;
}

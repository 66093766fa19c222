// SPDX-License-Identifier: GPL-3.0-or-later
#include "modelscroll.h"

#include "joblistmodel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

bool scrollThrough(JobListModel &model, int rows, int timeoutMs)
{
    QObject guard;
    QObject::connect(
        &model, &QAbstractItemModel::rowsInserted, &guard,
        [&model, rows] {
            if (model.rowCount() < rows && model.canFetchMore({}))
                model.fetchMore({});
        },
        Qt::QueuedConnection);
    bool failed = false;
    QObject::connect(&model, &JobListModel::loadFailed, &guard, [&failed] { failed = true; });
    QElapsedTimer timer;
    timer.start();
    QTimer wake;
    wake.start(50);
    while (model.rowCount() < rows && !failed) {
        if (!model.isLoading() && !model.canFetchMore({}))
            return false; // the list ended short of `rows`
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    }
    return !failed;
}

// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunspanel.h"

#include "actioncenter.h"
#include "bulkprogress.h"
#include "bulkrunrow.h"

#include <QFrame>
#include <QTimer>
#include <QVBoxLayout>

BulkRunsPanel::BulkRunsPanel(QWidget *parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("bulkRunsPanel"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(0);
    hide();
}

void BulkRunsPanel::watch(ActionCenter *center)
{
    connect(center, &ActionCenter::runStarted, this, &BulkRunsPanel::addRun);
}

QList<BulkRunRow *> BulkRunsPanel::rows() const
{
    return findChildren<BulkRunRow *>();
}

void BulkRunsPanel::addRun(BulkProgress *runner)
{
    auto *frame = new QFrame(this);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new BulkRunRow(runner, frame);
    layout->addWidget(row);
    m_layout->addWidget(frame);
    show();
    // A single job done needs no reading: it goes by itself. Anything else stays until dismissed.
    connect(runner, &BulkProgress::finished, row, [row, runner](const BulkSummary &summary) {
        if (runner->count() == 1 && summary.outcome() == QLatin1String("done"))
            QTimer::singleShot(5000, row, &BulkRunRow::dismissed);
    });
    connect(row, &BulkRunRow::dismissed, this, [this, frame, runner] {
        frame->deleteLater();
        runner->deleteLater();
        if (rows().size() <= 1)
            hide();
    });
}

void BulkRunsPanel::clear()
{
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    hide();
}

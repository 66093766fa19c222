// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunrow.h"

#include "bulkprogress.h"
#include "tonestyle.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>

BulkRunRow::BulkRunRow(BulkProgress *runner, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_title(new QLabel(runner->describe(), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_button(new QPushButton(tr("Cancel"), this))
{
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setTextVisible(true);
    m_progress->setMinimumWidth(240);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_title, 0, 0);
    layout->addWidget(m_progress, 0, 1);
    layout->addWidget(m_button, 0, 2);
    layout->addWidget(m_status, 1, 0, 1, 3);
    layout->setColumnStretch(0, 1);

    connect(runner, &BulkProgress::progressed, this, &BulkRunRow::update);
    connect(runner, &BulkProgress::phaseChanged, this, &BulkRunRow::update);
    connect(m_button, &QPushButton::clicked, this, [this] {
        if (m_runner && m_runner->phase() != BulkProgress::Phase::Finished)
            m_runner->cancel();
        else
            emit dismissed();
    });
    update();
}

void BulkRunRow::update()
{
    if (!m_runner)
        return;
    const QLocale locale;
    const BulkProgress &run = *m_runner;
    const qint64 total = run.total();
    switch (run.phase()) {
    case BulkProgress::Phase::Ready:
    case BulkProgress::Phase::Collecting:
        m_progress->setRange(0, 0); // busy: the total is not known yet
        m_status->setText(tr("Listing the jobs: %1 found").arg(locale.toString(run.collected())));
        break;
    case BulkProgress::Phase::Running:
    case BulkProgress::Phase::Paused: {
        m_progress->setRange(0, 1000);
        m_progress->setValue(total > 0 ? int(1000 * run.processed() / total) : 0);
        m_progress->setFormat(tr("%1 / %2").arg(locale.toString(run.processed()), locale.toString(total)));
        QString text =
            (run.summary().items == BulkSummary::Items::Tasks ? tr("%1 done, %2 skipped, %3 failed · %4 tasks/s")
                                                              : tr("%1 done, %2 skipped, %3 failed · %4 jobs/s"))
                .arg(locale.toString(run.summary().done), locale.toString(run.summary().skippedCount()),
                     locale.toString(run.summary().failedCount()), locale.toString(run.rate(), 'f', 0));
        if (run.phase() == BulkProgress::Phase::Paused)
            text = run.pauseReason() + QStringLiteral(" · ") + text;
        if (run.isCancelling())
            text = tr("Stopping after this batch… · ") + text;
        m_status->setText(text);
        break;
    }
    case BulkProgress::Phase::Finished: {
        m_progress->setRange(0, 1000);
        m_progress->setValue(total > 0 ? int(1000 * run.processed() / total) : 1000);
        m_progress->setFormat(tr("%1 / %2").arg(locale.toString(run.processed()), locale.toString(total)));
        const BulkSummary &summary = run.summary();
        QString outcome;
        if (summary.outcome() == QLatin1String("cancelled"))
            outcome = tr("Cancelled");
        else if (summary.outcome() == QLatin1String("partial"))
            outcome = tr("Partly done");
        else
            outcome = tr("Failed");
        // "450 of 450 jobs done" says it all; anything else says how it ended first.
        m_status->setText(summary.outcome() == QLatin1String("done") ? summary.text()
                                                                     : outcome + QStringLiteral(": ") + summary.text());
        ToneStyle::setText(m_status, summary.outcome() == QLatin1String("done")     ? ToneStyle::Tone::Good
                                     : summary.outcome() == QLatin1String("failed") ? ToneStyle::Tone::Bad
                                                                                    : ToneStyle::Tone::Warning);
        m_button->setText(tr("Dismiss"));
        break;
    }
    }
    if (run.isCancelling())
        m_button->setEnabled(false);
    else
        m_button->setEnabled(true);
}

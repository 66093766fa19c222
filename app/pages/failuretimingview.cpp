// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuretimingview.h"

#include "durationtext.h"
#include "failuretimingreader.h"
#include "qlesssession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

namespace {
QString figure(double seconds)
{
    return seconds < 0 ? QStringLiteral("—") : DurationText::format(seconds);
}
} // namespace

FailureTimingView::FailureTimingView(QlessSession *session, QWidget *parent)
    : QWidget(parent)
    , m_reader(new FailureTimingReader(session->client(), this))
    , m_label(new QLabel(this))
    , m_measure(new QPushButton(tr("Measure timing"), this))
{
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_measure->setToolTip(tr("Read the group's %1 newest jobs whole and measure, from their histories, how long "
                             "they waited and ran before failing")
                              .arg(FailureTimingReader::DefaultSampleSize));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_measure);
    connect(m_measure, &QPushButton::clicked, this, &FailureTimingView::measure);
    connect(m_reader, &FailureTimingReader::finished, this, &FailureTimingView::showResult);
    setGroup({});
}

void FailureTimingView::setGroup(const QString &group)
{
    if (group == m_group && !group.isEmpty())
        return;
    m_group = group;
    m_reader->cancel();
    m_label->setToolTip(QString());
    m_label->setText(group.isEmpty() ? QString() : tr("Wait and run before failing: not measured."));
    m_measure->setEnabled(!group.isEmpty());
}

void FailureTimingView::measure()
{
    if (m_group.isEmpty())
        return;
    m_measure->setEnabled(false);
    m_label->setText(tr("Reading the group's newest jobs…"));
    m_reader->start(m_group);
}

void FailureTimingView::showResult(bool ok, const QString &error)
{
    if (m_reader->group() != m_group || m_group.isEmpty())
        return;
    m_measure->setEnabled(true);
    const FailureTiming &timing = m_reader->timing();
    const QLocale locale;
    // One line (a wrapped label is cut in the splitter's pane); what does not fit is in the tooltip.
    QString text;
    QStringList notes;
    if (timing.measuredRuns() == 0) {
        text = tr("No run before a failure could be measured in the %n jobs read.", nullptr, timing.sampled());
    } else {
        text = tr("Before failing (newest %1 of %2): wait median %3, max %4 · run median %5, max %6")
                   .arg(locale.toString(timing.sampled()), locale.toString(m_reader->groupTotal()),
                        figure(timing.medianWait()), figure(timing.maxWait()), figure(timing.medianRun()),
                        figure(timing.maxRun()));
        const int unmeasured = timing.sampled() - timing.measuredRuns();
        if (unmeasured > 0) {
            text += QStringLiteral(" · ") + tr("%n not measured", nullptr, unmeasured);
            notes << tr("%n of the jobs read show no run before their failure (failed while waiting, or their "
                        "history trimmed).",
                        nullptr, unmeasured);
        }
        notes << tr("Wait: from the put (or lost lock) to the pop of the run that failed. Run: from that pop to "
                    "the failure. Read from the histories of the group's newest jobs.");
    }
    if (timing.gone() > 0)
        notes << tr("%n listed jobs were gone from Redis.", nullptr, timing.gone());
    if (!ok) {
        text += QStringLiteral(" · ") + tr("the read stopped");
        notes << tr("The read stopped: %1").arg(error);
    }
    m_label->setText(text);
    m_label->setToolTip(notes.join(QLatin1Char('\n')));
}

// SPDX-License-Identifier: GPL-3.0-or-later
#include "recurringeditdialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

RecurringEditDialog::RecurringEditDialog(const RecurringJob &job, QWidget *parent)
    : QDialog(parent)
    , m_job(job)
    , m_interval(new QSpinBox(this))
    , m_priority(new QDoubleSpinBox(this))
    , m_retries(new QSpinBox(this))
    , m_queue(new QLineEdit(this))
    , m_backlog(new QSpinBox(this))
{
    setObjectName(QStringLiteral("recurringEdit"));
    setWindowTitle(tr("Edit recurring job"));
    setMinimumWidth(340);
    m_interval->setRange(1, std::numeric_limits<int>::max());
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(int(qBound(1.0, job.interval, double(std::numeric_limits<int>::max()))));
    m_priority->setRange(-1e9, 1e9);
    m_priority->setDecimals(2);
    m_priority->setValue(job.priority);
    m_retries->setRange(0, 1000000);
    m_retries->setValue(int(job.retries));
    m_queue->setText(job.queue);
    m_backlog->setRange(0, 1000000);
    m_backlog->setSpecialValueText(tr("no cap"));
    m_backlog->setValue(int(qBound(0.0, job.backlog, 1000000.0)));
    m_backlog->setToolTip(tr("After a pause in polling, at most this many missed runs are spawned at once "
                             "(0: every missed run)."));

    auto *heading =
        new QLabel(tr("<b>%1</b> (%2)").arg(QString::fromUtf8(job.jid).toHtmlEscaped(), job.klass.toHtmlEscaped()),
                   this);
    auto *form = new QFormLayout;
    form->addRow(tr("&Every"), m_interval);
    form->addRow(tr("&Priority"), m_priority);
    form->addRow(tr("&Retries"), m_retries);
    form->addRow(tr("&Queue"), m_queue);
    form->addRow(tr("&Backlog"), m_backlog);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_queue, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Save)->setEnabled(!m_queue->text().trimmed().isEmpty());
    });
}

RecurringUpdate RecurringEditDialog::update() const
{
    RecurringUpdate update;
    if (m_interval->value() != int(m_job.interval))
        update.interval = m_interval->value();
    if (m_priority->value() != m_job.priority)
        update.priority = m_priority->value();
    if (m_retries->value() != int(m_job.retries))
        update.retries = m_retries->value();
    const QString queue = m_queue->text().trimmed();
    if (!queue.isEmpty() && queue != m_job.queue)
        update.queue = queue;
    if (m_backlog->value() != int(m_job.backlog))
        update.backlog = m_backlog->value();
    return update;
}

bool RecurringEditDialog::changesSomething() const
{
    const RecurringUpdate u = update();
    return u.interval || u.priority || u.retries || u.queue || u.backlog;
}

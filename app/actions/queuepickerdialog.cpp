// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuepickerdialog.h"

#include "serverreads.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

QueuePickerDialog::QueuePickerDialog(ServerReads *reads, const QString &question, QWidget *parent)
    : QDialog(parent)
    , m_question(new QLabel(question, this))
    , m_queues(new QComboBox(this))
    , m_note(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("queuePicker"));
    setWindowTitle(tr("Move to queue"));
    m_question->setWordWrap(true);
    m_queues->setEditable(true);
    m_queues->setInsertPolicy(QComboBox::NoInsert);
    m_queues->lineEdit()->setPlaceholderText(tr("queue name: pick one or type a new one"));
    m_queues->setMinimumWidth(320);
    m_queues->setAccessibleName(tr("Queue"));
    m_queues->setAccessibleDescription(question);
    m_note->setWordWrap(true);
    // Room for two lines from the start: the dialog is open when the note appears, and a
    // label that grows then is cut off instead of growing the dialog.
    m_note->setMinimumHeight(2 * m_note->fontMetrics().lineSpacing() + 4);
    m_note->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    QPalette muted = m_note->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::Disabled, QPalette::WindowText));
    m_note->setPalette(muted);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_question);
    layout->addWidget(m_queues);
    layout->addWidget(m_note);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_queues, &QComboBox::currentTextChanged, this, &QueuePickerDialog::updateButtons);
    m_queues->setCurrentText(QString());
    updateButtons();

    reads->queueCounts(this, [this](const QlessReply<QList<QueueCounts>> &reply) {
        if (!reply.ok()) {
            m_note->setText(tr("The queue list could not be read (%1); type the name.").arg(reply.error.message));
            return;
        }
        const QString typed = m_queues->currentText();
        for (const QueueCounts &counts : reply.value)
            m_queues->addItem(counts.name);
        m_queues->setCurrentText(typed);
    });
}

QString QueuePickerDialog::queue() const
{
    return m_queues->currentText().trimmed();
}

void QueuePickerDialog::updateButtons()
{
    const QString name = queue();
    const bool known = m_queues->findText(name) >= 0;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!name.isEmpty());
    if (!name.isEmpty() && !known && m_queues->count() > 0)
        m_note->setText(tr("“%1” is a new queue: it appears when the jobs arrive.").arg(name));
    else if (m_note->text().startsWith(QLatin1String("“")) || name.isEmpty())
        m_note->clear();
}
